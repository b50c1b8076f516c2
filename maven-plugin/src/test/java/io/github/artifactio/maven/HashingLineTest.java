package io.github.artifactio.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** verify-manifest says which blake3 back end hashes, and how to get the faster one when Maven's JVM lacks it. */
class HashingLineTest {
  @Test
  void theScalarBackEndSaysLargeHashesGoToAVectorChildJvm() {
    assertEquals(
        "hashing with blake3 (Maven's JVM has the scalar back end: files to hash past 1536 MiB in all are hashed in a"
            + " child JVM with the Vector API, no setup needed)",
        VerifyManifestMojo.hashingLine("scalar"));
  }

  @Test
  void theVectorBackEndIsNamed() {
    assertEquals("hashing with blake3 (vector-256 back end)", VerifyManifestMojo.hashingLine("vector-256"));
  }
}
