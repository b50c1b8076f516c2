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
def actual = result(json, "run/manifest.json#peptides", "manifest-hash").findings[0].detail.split(" ")[-1]
def r = finding(json, "ERROR", "run/manifest.json#peptides", "manifest-hash", "[manifest-hash] run/manifest.json#peptides: content_hash is " + "0" * 64 + " but the blake3 of peptides.parquet is " + actual + " (1 violation)")
assert actual ==~ /[0-9a-f]{64}/
assert result(json, "run/manifest.json#fragment_library_precursors", "manifest-hash").status == "PASS"
assert log.contains("BUILD FAILURE")
