package io.github.artifactio.engine.internal.parquet;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

/**
 * An append-only Parquet output over a {@link FileChannel} with a 1 MiB buffer (parquet-java's LocalOutputFile buffers
 * 4 KB). It never seeks, so whatever observes the written bytes in order sees the file exactly.
 */
public final class FileOutput implements OutputFile {
  static final int BUFFER_BYTES = 1 << 20;

  private final Path path;

  public FileOutput(Path path) {
    this.path = path;
  }

  @Override
  public PositionOutputStream create(long blockSizeHint) throws IOException {
    return new Stream(FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE));
  }

  @Override
  public PositionOutputStream createOrOverwrite(long blockSizeHint) throws IOException {
    return new Stream(
        FileChannel.open(
            path, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE));
  }

  @Override
  public boolean supportsBlockSize() {
    return false;
  }

  @Override
  public long defaultBlockSize() {
    return 0;
  }

  @Override
  public String getPath() {
    return path.toString();
  }

  private static final class Stream extends PositionOutputStream {
    private final FileChannel channel;
    private final ByteBuffer buffer = ByteBuffer.allocate(BUFFER_BYTES);
    private long position;
    private boolean closed;

    Stream(FileChannel channel) {
      this.channel = channel;
    }

    @Override
    public long getPos() {
      return position;
    }

    @Override
    public void write(int b) throws IOException {
      if (!buffer.hasRemaining()) {
        drain();
      }
      buffer.put((byte) b);
      position++;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      if (len >= BUFFER_BYTES) {
        drain();
        ByteBuffer src = ByteBuffer.wrap(b, off, len);
        while (src.hasRemaining()) {
          channel.write(src);
        }
      } else {
        if (buffer.remaining() < len) {
          drain();
        }
        buffer.put(b, off, len);
      }
      position += len;
    }

    private void drain() throws IOException {
      buffer.flip();
      while (buffer.hasRemaining()) {
        channel.write(buffer);
      }
      buffer.clear();
    }

    @Override
    public void flush() throws IOException {
      drain();
    }

    @Override
    public void close() throws IOException {
      if (closed) {
        return;
      }
      closed = true;
      try {
        drain();
        // durable before the rename publishes it
        channel.force(true);
      } finally {
        channel.close();
      }
    }
  }
}
