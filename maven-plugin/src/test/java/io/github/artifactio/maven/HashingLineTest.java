package io.github.artifactio.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** verify-manifest says which blake3 back end hashes, and how to get the faster one when Maven's JVM lacks it. */
class HashingLineTest {
  @Test
  void theScalarBackEndComesWithTheFlagThatEnablesTheVectorOne() {
    assertEquals(
        "hashing with blake3 (scalar back end; Maven's JVM has no jdk.incubator.vector: add --add-modules"
            + " jdk.incubator.vector to .mvn/jvm.config for the vector back end, about 2x faster per core)",
        VerifyManifestMojo.hashingLine("scalar"));
  }

  @Test
  void theVectorBackEndIsNamed() {
    assertEquals("hashing with blake3 (vector-256 back end)", VerifyManifestMojo.hashingLine("vector-256"));
  }
}
