log = new File(basedir, "build.log").text
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
// build.log holds both invocations; validation.json is the second one
assert log.count("--- artifact-io-maven-plugin") == 2 || log.count(":validate (default)") == 2
assert log.contains("2 files, 9 checks: 9 PASS, 0 WARN, 0 FAIL, 0 UNDETERMINED; 0 from the cache")
assert log.contains("2 files, 9 checks: 9 PASS, 0 WARN, 0 FAIL, 0 UNDETERMINED; 2 from the cache")
assert json.summary.cached_files == 2
assert json.summary.files_opened == 0
assert json.summary.bytes_read == 0
assert result(json, "b.parquet", "contiguous-ids").observed == "candidate_id: 0..1999"
assert new File(basedir, "target/artifact-io/cache/results").list().length == 2
