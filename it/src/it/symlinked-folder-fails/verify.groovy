log = new File(basedir, "build.log").text
def json = new groovy.json.JsonSlurper().parse(new File(basedir, "target/artifact-io/validation.json"))
// a folder that is a link is checked like a real one: its file is found, and so is its zstd column
assert json.summary.files == 2 : json.summary
def msg = "[codec] zstd.parquet, row group 0: columns 'id', 'mz': compressed with ZSTD, not one of the allowed codecs [SNAPPY, UNCOMPRESSED] (2 violations)"
assert log.contains("[ERROR] " + msg) : msg
// the link inside the linked folder that points back at it is a cycle, reported and not walked again
assert log =~ /loop is a link back to a folder already being checked; it is not followed again/
// nested/ is a link to another real folder: followed too
assert json.results.find { it.file == "nested/snappy.parquet" && it.rule == "codec" }.status == "PASS"
assert log.contains("BUILD FAILURE")
