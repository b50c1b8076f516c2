package io.github.artifactio.engine.internal.concurrent;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads of a context the engine creates ({@code EngineContext.create}): daemon threads named {@code name-0},
 * {@code name-1}, ..., so a thread dump says whose they are and a forgotten context never keeps a JVM alive. The only
 * place in the engine that makes a thread.
 */
final class DaemonThreads implements ThreadFactory {
  private final String name;
  private final AtomicInteger next = new AtomicInteger();

  DaemonThreads(String name) {
    this.name = name;
  }

  @Override
  public Thread newThread(Runnable r) {
    Thread t = new Thread(r, name + "-" + next.getAndIncrement());
    t.setDaemon(true);
    return t;
  }
}
