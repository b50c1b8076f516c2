package io.github.artifactio.testkit;

import io.github.artifactio.testkit.gen.SplitCase;
import io.github.artifactio.testkit.gen.TableCase;
import io.github.artifactio.testkit.gen.WriteCase;
import io.github.artifactio.testkit.property.Gen;

/**
 * Ready-made artifact properties, each one line in a test:
 *
 * <pre>{@code
 * // the engine's writers over generated tables, options, chunkings and thread counts
 * ArtifactProperties.ofWrites(Tables.writeCases(TableShape.small())).tries(50).assertChunkingInvariant();
 * // a stage of your own over inputs that satisfy its contract
 * ArtifactProperties.ofStage("dedupe", MyStage::run, contract.tables(2000)).assertStable();
 * }</pre>
 *
 * A failing property throws a {@link io.github.artifactio.testkit.property.PropertyFailedError} with the shrunk case,
 * the seed and how to replay it, and saves the shrunk input under {@code target/testkit-failures/<property>/<seed>/}
 * ({@link FailureArchive}).
 */
public final class ArtifactProperties {
  private ArtifactProperties() {}

  /** The engine's write properties over {@code cases}. */
  public static WriterProperties ofWrites(Gen<WriteCase> cases) {
    return new WriterProperties(cases);
  }

  /** The engine's concatenation properties (splice and join back, determinism, provenance) over {@code cases}. */
  public static ConcatProperties ofConcat(Gen<SplitCase> cases) {
    return new ConcatProperties(cases);
  }

  /** The properties of {@code stage} (named {@code name} in messages and failure directories) over {@code inputs}. */
  public static StageProperties ofStage(String name, Stage stage, Gen<TableCase> inputs) {
    return new StageProperties(name, stage, inputs);
  }
}
