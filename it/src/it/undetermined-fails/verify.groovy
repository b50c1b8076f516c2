log = new File(basedir, "build.log").text
def json = new groovy.json.JsonSlurper().parse(new File(basedir, "target/artifact-io/validation.json"))
def r = json.results.find { it.file == "hadoop_lz4.parquet" && it.rule == "contiguous-ids" }
assert r.status == "UNDETERMINED"
// the reason whole in the log, and the build fails: an unchecked column is not a pass
assert log.contains("[ERROR] [contiguous-ids] hadoop_lz4.parquet: undetermined: ")
assert log.contains("c0: not readable: row group 0: compressed with LZ4, which this engine does not read")
assert log.contains("could not be decided, and an unchecked file is not a pass; the first: [contiguous-ids] hadoop_lz4.parquet")
assert !json.passed
def junit = new File(basedir, "target/artifact-io/TEST-artifact-io.xml").text
assert junit.contains("<failure message=\"undetermined: ")
assert log.contains("BUILD FAILURE")
