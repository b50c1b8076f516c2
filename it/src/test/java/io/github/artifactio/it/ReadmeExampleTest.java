package io.github.artifactio.it;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.column.OptFloat32Column;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.table.Written;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's Java examples, read from README.md itself, compiled against this module's test classpath and run: the
 * engine example ("Engine") as a method body, and the testkit's property and golden-file tests ("Testkit") as the
 * body of a stage project's test class, the same stage and golden file as {@code stage.MinutesStageTest}. So a README
 * edit that breaks an example, or changes what it computes, fails here.
 */
class ReadmeExampleTest {
  /** What the README's testkit examples use without importing it, as a stage project's test class would import it. */
  static final List<String> TESTKIT_IMPORTS = List.of(
      "io.github.artifactio.engine.column.*",
      "io.github.artifactio.engine.table.*",
      "io.github.artifactio.testkit.*",
      "io.github.artifactio.testkit.gen.*",
      "java.nio.file.*",
      "java.util.*",
      "org.junit.jupiter.api.*",
      "org.junit.jupiter.api.io.*");

  @TempDir Path dir;

  /** The loaders of the compiled examples, closed after each test so that their jar and class files are let go. */
  private final List<URLClassLoader> loaders = new ArrayList<>();

  @AfterEach
  void closeLoaders() throws IOException {
    for (URLClassLoader l : loaders) {
      l.close();
    }
  }

  @Test
  void the_readme_engine_example_writes_reads_and_inspects() throws Exception {
    List<String> blocks = javaBlocks(readme()).getOrDefault("Engine", List.of());
    assertEquals(1, blocks.size(), "README.md's \"Engine\" section has one Java example");
    List<String> imports = new ArrayList<>(List.of("import java.nio.file.*;", "import java.util.*;"));
    StringBuilder body = new StringBuilder();
    for (String line : blocks.get(0).split("\n")) {
      if (line.startsWith("import ")) {
        imports.add(line);
      } else {
        body.append("    ").append(line).append('\n');
      }
    }
    // the example's own variables are what is checked, so renaming one is a README edit this test must follow
    String source = String.join("\n", imports) + "\n\npublic final class ReadmeEngineExample {\n"
        + "  public static Object[] run() throws Exception {\n" + body
        + "    return new Object[] {out, w, mz, im};\n  }\n}\n";
    Class<?> example = compile("ReadmeEngineExample", source);

    PrintStream stdout = System.out;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    Object[] values;
    System.setOut(new PrintStream(printed, true, UTF_8));
    try {
      values = (Object[]) invoke(example.getMethod("run"), null);
    } finally {
      System.setOut(stdout);
    }
    Path out = (Path) values[0];
    Written w = (Written) values[1];
    double[] mz = (double[]) values[2];
    OptFloat32Column im = (OptFloat32Column) values[3];
    assertEquals(Blake3.hashFile(out), w.contentHash().orElseThrow());
    assertEquals(512.3, mz[1]);
    assertNull(im.get(1));
    String text = printed.toString(UTF_8);
    assertTrue(text.contains("artifact_io.schema_name = fragment_library_precursors"), text);
  }

  @Test
  void the_readme_testkit_examples_pass_as_a_stage_projects_tests() throws Exception {
    List<String> blocks = javaBlocks(readme()).getOrDefault("Testkit", List.of());
    assertEquals(2, blocks.size(), "README.md's \"Testkit\" section has a property test and a golden-file test");
    String source = TESTKIT_IMPORTS.stream().map(i -> "import " + i + ";\n").collect(Collectors.joining())
        + "\npublic class MinutesStageTest {\n" + String.join("\n", blocks) + "\n}\n";
    Class<?> testClass = compile("MinutesStageTest", source);

    List<String> ran = new ArrayList<>();
    for (Method m : testClass.getDeclaredMethods()) {
      if (m.isAnnotationPresent(Test.class)) {
        Object instance = testClass.getDeclaredConstructor().newInstance();
        for (Field f : testClass.getDeclaredFields()) {
          if (f.isAnnotationPresent(TempDir.class)) {
            f.setAccessible(true);
            f.set(instance, Files.createTempDirectory(dir, m.getName()));
          }
        }
        m.setAccessible(true);
        invoke(m, instance);
        ran.add(m.getName());
      }
    }
    ran.sort(null);
    assertEquals(
        List.of("the_stage_is_deterministic_and_independent_of_chunks_and_threads",
            "the_stage_output_for_a_fixed_input_matches_its_golden"),
        ran);
  }

  @Test
  void an_example_that_does_not_compile_fails_with_the_compilers_message_and_line() {
    AssertionError e = assertThrows(AssertionError.class,
        () -> compile("Broken", "public class Broken {\n  int x = undefinedName;\n}\n"));
    assertTrue(e.getMessage().contains("line 2: cannot find symbol") && e.getMessage().contains("undefinedName"),
        e.getMessage());
  }

  @Test
  void java_blocks_are_collected_per_section_and_other_languages_are_not() {
    String md = "# T\n```java\nint a;\n```\n## Engine\ntext\n```java\nint b;\n```\n```bash\nls\n```\n"
        + "## Testkit\n```java\nint c;\n```\n```java\nint d;\n```\n";
    assertEquals(
        Map.of("T", List.of("int a;"), "Engine", List.of("int b;"), "Testkit", List.of("int c;", "int d;")),
        javaBlocks(md));
  }

  static String readme() throws IOException {
    return Files.readString(RepositoryPathsTest.root().resolve("README.md"));
  }

  /** The ```java blocks of {@code markdown}, keyed by the title of the heading they sit under. */
  static Map<String, List<String>> javaBlocks(String markdown) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    String section = "";
    StringBuilder block = null;
    boolean otherFence = false;
    for (String line : markdown.split("\n", -1)) {
      if (block != null) {
        if (line.startsWith("```")) {
          out.computeIfAbsent(section, s -> new ArrayList<>()).add(block.toString().stripTrailing());
          block = null;
        } else {
          block.append(line).append('\n');
        }
      } else if (otherFence) {
        otherFence = !line.startsWith("```");
      } else if (line.startsWith("```java")) {
        block = new StringBuilder();
      } else if (line.startsWith("```")) {
        otherFence = true;
      } else if (line.startsWith("#")) {
        section = line.replaceFirst("^#+\\s*", "").strip();
      }
    }
    return out;
  }

  /** Compiles {@code source} as class {@code name} on the test classpath and loads it; fails with javac's words. */
  Class<?> compile(String name, String source) throws IOException, ClassNotFoundException {
    Path src = Files.createDirectories(dir.resolve("src-" + name));
    Path classes = Files.createDirectories(dir.resolve("classes-" + name));
    Path file = Files.writeString(src.resolve(name + ".java"), source);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, UTF_8)) {
      List<String> options = List.of(
          "-classpath", System.getProperty("java.class.path"), "-d", classes.toString(), "-proc:none");
      boolean ok = javac.getTask(null, files, diagnostics, options, null, files.getJavaFileObjects(file)).call();
      String[] lines = source.split("\n");
      String errors = diagnostics.getDiagnostics().stream()
          .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
          .map(d -> "line " + d.getLineNumber() + ": " + d.getMessage(null).lines().findFirst().orElse("")
              + " | " + (d.getLineNumber() > 0 ? lines[(int) d.getLineNumber() - 1].strip() : ""))
          .collect(Collectors.joining("\n"));
      assertTrue(ok, "the README's example " + name + " does not compile:\n" + errors);
    }
    URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader());
    loaders.add(loader);
    return loader.loadClass(name);
  }

  /** Calls {@code m}, rethrowing what the example threw rather than its reflective wrapper. */
  static Object invoke(Method m, Object target) throws Exception {
    try {
      return m.invoke(target);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof Exception x) {
        throw x;
      }
      if (e.getCause() instanceof Error x) {
        throw x;
      }
      throw e;
    }
  }
}
