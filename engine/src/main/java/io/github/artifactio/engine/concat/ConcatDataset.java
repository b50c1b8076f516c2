package io.github.artifactio.engine.concat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.sidecar.SidecarJson;
import io.github.artifactio.engine.table.Publication;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * A dataset folder: the concatenated table, its report, and hard links (or, across filesystems, copies) to large
 * inputs the caller shares with it rather than copying, each recorded with a bounded {@link Fingerprint} in
 * {@value #DESCRIPTOR}:
 *
 * <pre>
 * folder/
 *   table.parquet              the concatenation (name chosen by the caller)
 *   table.parquet.report.json  its report, with the provenance
 *   linked/library.parquet     a linked input
 *   dataset.json               {"format":1,"linked":[{"fingerprint":{…},"path":"linked/library.parquet",
 *                               "publish":"hard_link"}],"table":"table.parquet"}
 * </pre>
 *
 * <p>The folder is built under a temporary name beside it and renamed into place, so a failed build leaves the
 * previous dataset as it was. Replacing an existing dataset takes two renames (the old folder aside, the new one in,
 * the old one then deleted; the old one is put back if the second fails): a reader between them finds no folder,
 * never a half-built one. {@link #open} verifies every linked file's fingerprint before anything is read: a file
 * rewritten in place through another link is an error naming it and what changed.
 */
public final class ConcatDataset {
  public static final String DESCRIPTOR = "dataset.json";
  static final String LINKED = "linked";
  private static final AtomicLong COUNTER = new AtomicLong();

  /** A linked file as the descriptor records it: its path in the folder, fingerprint, and how it got there. */
  public record Linked(String path, Fingerprint fingerprint, String publish) {}

  /** What {@link #build} made. */
  public record Built(Path folder, Path table, ConcatResult concat, List<Linked> linked) {}

  /** An opened dataset whose linked files matched their fingerprints when it was opened. */
  public record Opened(Path folder, Path table, List<Linked> linked) {
    public Opened {
      linked = List.copyOf(linked);
    }

    /** A linked file's path. */
    public Path linkedFile(String name) {
      for (Linked l : linked) {
        if (l.path().equals(LINKED + "/" + name)) {
          return folder.resolve(l.path());
        }
      }
      throw new IllegalArgumentException("dataset " + folder + " links no file named " + name);
    }
  }

  private ConcatDataset() {}

  /**
   * Builds {@code folder}: {@code inputs} concatenated along {@code axis} into {@code folder/tableName}, and each of
   * {@code linked} hard-linked (or copied) into {@code folder/linked/} under its file name.
   */
  public static Built build(
      Path folder, String tableName, List<Path> inputs, Axis axis, ConcatOptions options, List<Path> linked) {
    Objects.requireNonNull(folder, "folder");
    Objects.requireNonNull(tableName, "tableName");
    Objects.requireNonNull(linked, "linked");
    if (tableName.isBlank() || tableName.contains("/") || tableName.equals(DESCRIPTOR) || tableName.equals(LINKED)) {
      throw new IllegalArgumentException("tableName must be a plain file name other than " + DESCRIPTOR + " and "
          + LINKED + ", got '" + tableName + "'");
    }
    Path dest = folder.toAbsolutePath().normalize();
    Set<String> names = new HashSet<>();
    for (Path l : linked) {
      String name = l.getFileName().toString();
      if (!names.add(name)) {
        throw new ArtifactException(l, "dataset " + folder + ": two linked files are named " + name);
      }
    }
    Path tmp = dest.resolveSibling(dest.getFileName() + ".tmp-" + ProcessHandle.current().pid() + "-"
        + COUNTER.incrementAndGet());
    boolean published = false;
    try {
      try {
        Files.createDirectories(tmp.resolve(LINKED));
      } catch (IOException e) {
        throw new ArtifactException(folder, "creating the dataset's temporary folder " + tmp + ": " + e, e);
      }
      ConcatResult concat = Concat.concat(tmp.resolve(tableName), inputs, axis, options);
      List<Linked> records = new ArrayList<>();
      for (Path l : linked) {
        String rel = LINKED + "/" + l.getFileName();
        Publication.FileCopy how = Publication.publishCopyOf(l, tmp.resolve(rel));
        records.add(new Linked(rel, Fingerprint.of(tmp.resolve(rel)), how.reportName()));
      }
      SidecarJson.write(tmp.resolve(DESCRIPTOR), descriptor(tableName, records));
      publish(tmp, dest, options.durable());
      published = true;
      ConcatResult moved = new ConcatResult(dest.resolve(tableName), concat.axis(), concat.publish(), concat.rows(),
          concat.rowGroups(), concat.contentHash(), concat.bytesRead(), concat.bytesWritten(), concat.provenance(),
          concat.reencodedColumns(), concat.equatedColumns());
      return new Built(dest, dest.resolve(tableName), moved, records);
    } finally {
      if (!published) {
        deleteTree(tmp);
      }
    }
  }

  private static ObjectNode descriptor(String table, List<Linked> linked) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("format", 1);
    ArrayNode ls = o.putArray("linked");
    for (Linked l : linked) {
      ObjectNode n = ls.addObject();
      n.set("fingerprint", l.fingerprint().toJson());
      n.put("path", l.path());
      n.put("publish", l.publish());
    }
    o.put("table", table);
    return o;
  }

  /** Renames the built folder into place (see the class comment for an existing one). */
  private static void publish(Path tmp, Path dest, boolean durable) {
    try {
      if (durable) {
        syncTree(tmp);
      }
      if (!Files.exists(dest)) {
        move(tmp, dest);
      } else {
        Path old = dest.resolveSibling(dest.getFileName() + ".old-" + ProcessHandle.current().pid() + "-"
            + COUNTER.incrementAndGet());
        move(dest, old);
        try {
          move(tmp, dest);
        } catch (IOException e) {
          move(old, dest);
          throw e;
        }
        deleteTree(old);
      }
      if (durable) {
        sync(dest.getParent());
      }
    } catch (IOException e) {
      throw new ArtifactException(dest, "publishing the dataset from " + tmp + ": " + e, e);
    }
  }

  private static void move(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(from, to);
    }
  }

  private static void syncTree(Path root) throws IOException {
    try (Stream<Path> s = Files.walk(root)) {
      for (Path p : (Iterable<Path>) s::iterator) {
        sync(p);
      }
    }
  }

  private static void sync(Path p) {
    try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ)) {
      ch.force(true);
    } catch (IOException | UnsupportedOperationException ignored) {
      // folders cannot be opened everywhere; the rename is still atomic
    }
  }

  private static void deleteTree(Path root) {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> s = Files.walk(root)) {
      s.sorted(Comparator.reverseOrder()).forEach(p -> {
        try {
          Files.deleteIfExists(p);
        } catch (IOException ignored) {
          // best effort: a leftover temporary folder is never taken for a dataset
        }
      });
    } catch (IOException ignored) {
      // as above
    }
  }

  /**
   * Opens the dataset in {@code folder}, verifying every linked file's fingerprint before anything is read; a file
   * that changed is an {@link ArtifactException} naming it and what changed.
   */
  public static Opened open(Path folder) {
    Path descriptor = folder.resolve(DESCRIPTOR);
    JsonNode d;
    try {
      d = new com.fasterxml.jackson.databind.ObjectMapper().readTree(Files.readAllBytes(descriptor));
    } catch (IOException e) {
      throw new ArtifactException(descriptor, "reading the dataset descriptor: " + e, e);
    }
    if (d == null || d.path("format").asInt(-1) != 1 || !d.path("table").isTextual()) {
      throw new ArtifactException(descriptor, "not a format 1 dataset descriptor");
    }
    List<Linked> linked = new ArrayList<>();
    for (JsonNode n : d.path("linked")) {
      String rel = n.path("path").asText("");
      Path file = folder.resolve(rel).normalize();
      if (rel.isEmpty() || !file.startsWith(folder.normalize())) {
        throw new ArtifactException(descriptor, "linked path '" + rel + "' does not lie in the dataset's folder");
      }
      Fingerprint f;
      try {
        f = Fingerprint.fromJson(n.get("fingerprint"));
      } catch (IllegalArgumentException e) {
        throw new ArtifactException(descriptor, "the fingerprint of " + rel + " does not read: " + e.getMessage(), e);
      }
      f.difference(file).ifPresent(why -> {
        throw new ArtifactException(file, "the linked file changed since dataset " + folder + " was built: " + why);
      });
      linked.add(new Linked(rel, f, n.path("publish").asText("")));
    }
    return new Opened(folder, folder.resolve(d.get("table").asText()), linked);
  }
}
