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
def a = report("module-a")
def b = report("module-b")
assert a.passed && result(a, "a.parquet", "codec").status == "PASS"
finding(b, "ERROR", "b.parquet", "codec", "[codec] b.parquet, row group 0: columns 'id', 'mz': compressed with GZIP, not one of the allowed codecs [SNAPPY, UNCOMPRESSED] (2 violations)")
assert !b.passed
assert log =~ /a\.parquet\s+structure\s+PASS/
assert log =~ /b\.parquet\s+structure\s+PASS/
assert log.contains("BUILD FAILURE")
