package io.github.artifactio.engine.hash;

/** Prints the blake3 back end this JVM chose: run in a child JVM by {@link Blake3BackendChoiceTest}. */
public final class BackendProbe {
  private BackendProbe() {}

  public static void main(String[] args) {
    System.out.print(Blake3.backend());
  }
}
