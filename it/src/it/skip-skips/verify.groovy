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
assert log.contains("artifact-io:validate skipped (artifact-io.skip)")
assert !new File(basedir, "target/artifact-io/validation.json").exists()
assert !log.contains("[codec]")
assert log.contains("BUILD SUCCESS")
