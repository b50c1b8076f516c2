log = new File(basedir, "build.log").text
def missing = new File(basedir, "missing").canonicalPath
assert log.contains("artifact-io:validate: the folder " + missing + " does not exist; a check of no file does not pass (set artifact-io.failIfNoFiles to false to only warn)") : log
assert log.contains("BUILD FAILURE")
