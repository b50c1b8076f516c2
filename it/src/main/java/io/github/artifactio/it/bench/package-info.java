/**
 * The benchmarks: each compares the engine with a peer (DuckDB, parquet-java, cat, b3sum) measured in the same run.
 *
 * <p>Run one with {@code mvn -B -pl it -am verify -Pbench -DskipTests -Dbench=NAME} (NAME: blake3, timing, write,
 * read, read-profile, plugin, concat, startup, scale, spark; {@code -DskipTests} spares the other modules' tests,
 * which the profile does not skip);
 * it prints its table and writes {@code it/target/bench/NAME.json}, which {@link
 * io.github.artifactio.it.bench.Bench} stamps with a {@code machine} object (CPU model, processors, SIMD flags, the
 * JVM's effective {@code UseAVX}, Java version, git commit, JVM options, load before and after).
 *
 * <p><b>Properties.</b> The benchmark runs in a JVM of its own, which Maven starts with a fixed command line: a
 * {@code -Dname=value} given to {@code mvn} stays in Maven and never reaches it. Two properties are forwarded:
 * {@code -Dconcat.rows=N} and {@code -Dbench.jvmArgs="..."}. The latter's JVM options go to the benchmark's JVM and,
 * through {@code -Dbench.jvmArgs} itself, to every JVM the benchmark starts (forks, arms, JMH's forks), and they are
 * recorded in the JSON's {@code machine.jvm_args}. They are both the way to run under other JVM flags and the way to
 * set a benchmark's own properties:
 *
 * <pre>{@code
 * mvn -B -pl it -am verify -Pbench -DskipTests -Dbench=timing \
 *     -Dbench.jvmArgs="-XX:UseAVX=2 -Dartifact-io.timing.rows=20000"
 * }</pre>
 *
 * <p>The benchmarks' own properties, each read where it is declared: {@code artifact-io.timing.rows} (TimingBench
 * and WriteBench), {@code bench.rounds} (ReadBench, ConcatBench, StartupBench), {@code artifact-io.bench.forks},
 * {@code artifact-io.bench.settle} and {@code artifact-io.bench.recycle} (WriteBench), {@code bench.big} (PluginBench),
 * {@code read.rows}, {@code read.pairs} and {@code read.seed} (ReadBench and, rows only, ReadProfile),
 * {@code read.profile.seconds}, {@code read.profile.arms} and {@code read.profile.files} (ReadProfile). A run under
 * other JVM flags writes the same JSON name: rename it (e.g. {@code read.json} to {@code read-avx2.json}) before the
 * next run, and the generated page shows both, each with its flags.
 * {@link
 * io.github.artifactio.it.bench.Bench} refuses to run when {@code bench.jvmArgs} names options its own JVM was not
 * started with, so a JSON never records flags that were not in force.
 *
 * <p><b>Statistics.</b> Every figure comes from {@link io.github.artifactio.it.bench.BenchStats}: medians and
 * percentiles of an arm's rounds, and paired ratios (each round's time of one arm over the same round's of its
 * peer). A benchmark's {@code headline} figures are paired ratios to its peer; {@link
 * io.github.artifactio.it.bench.BenchDoc} turns one run's JSON files into docs/benchmarks.md and README's headline
 * lines.
 */
package io.github.artifactio.it.bench;
