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
def r = result(json, "run/manifest.json", "manifest-json")
assert r.status == "FAIL"
def m = r.findings[0].message
assert m.startsWith("[manifest-json] run/manifest.json: parsing json: Duplicate field 'mumdia_version'") : m
assert log.contains("[ERROR] " + m)
assert log.contains("BUILD FAILURE")
