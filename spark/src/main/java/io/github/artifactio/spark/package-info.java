/**
 * artifact-io's checks as Spark jobs, for corpora that live in a data platform: {@link
 * io.github.artifactio.spark.ArtifactChecks} ({@code validate}, {@code verifyManifest}, {@code hash} on a
 * {@code SparkSession}) and {@link io.github.artifactio.spark.SparkMain} (the same from {@code spark-submit}, with the
 * command line's options). The driver plans, the executors run the checks module's rule code on one unit each and
 * send its partial report back as JSON text, and the driver merges them with the code {@code artifact-io merge} runs
 * ({@code io.github.artifactio.checks.shard}, {@code ShardedValidation}): the verdict, reports and digests are the
 * command line's. {@code docs/spark.md} is the guide.
 */
package io.github.artifactio.spark;
