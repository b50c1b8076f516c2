/** artifact-io maven-plugin. */
package io.github.artifactio.maven;
