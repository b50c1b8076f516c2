/** artifact-io it. */
package io.github.artifactio.it;
