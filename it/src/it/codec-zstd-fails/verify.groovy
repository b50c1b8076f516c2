log = new File(basedir, "build.log").text
// run again under Maven 3.9 (it/pom.xml), whose MAVEN_ARGS=-V prints the version: prove it was that Maven
if (binding.hasVariable("expectedMavenVersion")) {
  assert log.contains("Apache Maven " + expectedMavenVersion + " ") : "build.log was not written by Maven " + expectedMavenVersion
}
def report(String dir = ".") { new groovy.json.JsonSlurper().parse(new File(basedir, dir + "/target/artifact-io/validation.json")) }
def result(json, String file, String rule) {
  def r = json.results.find { it.file == file && it.rule == rule }
  assert r != null : "no $rule result for $file"
  return r
}
/** The finding is logged at its level and recorded in validation.json with the same message. */
def finding(json, String level, String file, String rule, String message) {
  assert log.contains("[" + level + "] " + message) : message
  def r = result(json, file, rule)
  assert r.findings*.message.contains(message) : r.findings*.message
  return r
}
def json = report()
// one line per codec, naming every column written with it
def r = finding(json, "ERROR", "zstd.parquet", "codec", "[codec] zstd.parquet, row group 0: columns 'id', 'mz': compressed with ZSTD, not one of the allowed codecs [SNAPPY, UNCOMPRESSED] (2 violations)")
assert r.status == "FAIL"
assert log =~ /codec\s+FAIL \(2\)\s+ZSTD/
assert log.contains("artifact-io:validate: 1 finding at or above ERROR in 1 file; the first: [codec] zstd.parquet")
assert !json.passed
def junit = new File(basedir, "target/artifact-io/TEST-artifact-io.xml").text
// the goal as the class (no dot of a file name for a CI server to split at), the file and rule as the test's name
assert junit =~ /<testcase classname="artifact-io.validate" name="zstd.parquet \[codec\]" time="\d+\.\d{3}">/
assert junit.contains("<failure message=\"[codec] zstd.parquet")
assert log.contains("BUILD FAILURE")
