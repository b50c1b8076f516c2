/** artifact-io testkit. */
package io.github.artifactio.testkit;
