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
def r = result(json, "snappy.parquet", "codec")
assert r.status == "PASS" && r.observed == "SNAPPY"
assert log =~ /snappy\.parquet\s+structure\s+PASS/
assert log =~ /codec\s+PASS\s+SNAPPY/
assert json.passed
assert new File(basedir, "target/artifact-io/TEST-artifact-io.xml").text.contains("failures=\"0\"")
assert log.contains("BUILD SUCCESS")
