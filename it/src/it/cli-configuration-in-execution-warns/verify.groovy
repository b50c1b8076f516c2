log = new File(basedir, "build.log").text
// Maven gives default-cli only plugin-level configuration: the contract in the execution did not run, and the goal
// says so instead of passing in silence
assert log.contains("[WARNING] artifact-io:validate runs from the command line with no configuration of its own, while the POM configures it in <execution> 'check-library', which applies only when that execution runs in the lifecycle (mvn verify); move the configuration to the plugin's own <configuration> so that both behave alike")
def json = new groovy.json.JsonSlurper().parse(new File(basedir, "target/artifact-io/validation.json"))
assert json.results.find { it.rule == "contiguous-ids" } == null
assert log.contains("BUILD SUCCESS")
