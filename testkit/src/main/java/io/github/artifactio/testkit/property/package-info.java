/**
 * A small property-based testing engine on JUnit Jupiter: {@link io.github.artifactio.testkit.property.Gen}erators
 * draw from a {@link io.github.artifactio.testkit.property.Source} of recorded random choices, and a failing
 * {@link io.github.artifactio.testkit.property.Property} is shrunk by replaying smaller choice sequences (Hypothesis'
 * design), so every generator shrinks without code of its own. Failures name the seed that replays them; the first
 * tries prefer edge cases; {@code classify}, {@code collect} and {@code cover} report and require coverage.
 *
 * <p>Entry points: {@link io.github.artifactio.testkit.property.Property#forAll} and the factories of
 * {@link io.github.artifactio.testkit.property.Gens}.
 */
package io.github.artifactio.testkit.property;
