/**
 * The artifact-io Maven plugin: goals are thin ({@link io.github.artifactio.maven.InspectMojo} prints the engine's
 * inspect); the checks themselves live in plain classes that collect every finding and fail once.
 */
package io.github.artifactio.maven;
