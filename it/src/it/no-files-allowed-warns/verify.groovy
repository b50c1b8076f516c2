log = new File(basedir, "build.log").text
def data = new File(basedir, "data").canonicalPath
assert log.contains("[WARNING] artifact-io:validate: no file under " + data + " matches **/*.parquet") : log
assert log.contains("BUILD SUCCESS")
