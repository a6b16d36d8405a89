package dev.ewallet.ledger;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The committed bundle is built from the sources as they are: the digest its build recorded
 * (console/dist/build-stamp.txt, by scripts/stamp.mjs) equals the digest of the sources now, the
 * same computation without Node.js. A change to the console, the TypeScript client or the OpenAPI
 * document without a rebuild fails here, naming the command that rebuilds.
 */
class ConsoleBundleTest {

  private static final Path ROOT = Path.of("").toAbsolutePath().getParent();

  @Test
  void theCommittedBundleIsBuiltFromTheSourcesAsTheyAre() throws IOException {
    String recorded =
        Files.readString(ROOT.resolve("console/dist/build-stamp.txt"), StandardCharsets.UTF_8)
            .strip();

    assertThat(recorded)
        .as("console/dist is stale: run (cd console && npm ci && npm run build) and commit dist")
        .isEqualTo(digestOfSources());
  }

  @Test
  void theBundleHasItsPageAndItsHashedFiles() throws IOException {
    String page = Files.readString(ROOT.resolve("console/dist/index.html"));

    assertThat(page).contains("/console/assets/index-").doesNotContain("<script>");
    try (Stream<Path> assets = Files.list(ROOT.resolve("console/dist/assets"))) {
      assertThat(assets.map(p -> p.getFileName().toString()))
          .anyMatch(name -> name.endsWith(".js"))
          .anyMatch(name -> name.endsWith(".css"));
    }
  }

  @Test
  void everyScreenshotTheConsoleDocumentShowsExists() throws IOException {
    String document = Files.readString(ROOT.resolve("docs/console.md"));
    List<String> shown =
        java.util.regex.Pattern.compile("\\]\\((console/[a-z-]+\\.png)\\)")
            .matcher(document)
            .results()
            .map(match -> match.group(1))
            .toList();

    assertThat(shown)
        .as("the screenshots docs/console.md shows (npm run screenshots refreshes them)")
        .contains("console/wallet.png", "console/find.png", "console/audit.png")
        .allSatisfy(image -> assertThat(ROOT.resolve("docs").resolve(image)).isRegularFile());
  }

  private static String digestOfSources() throws IOException {
    MessageDigest digest = sha256();
    List<String> paths =
        Files.readAllLines(ROOT.resolve("console/build-inputs.txt")).stream()
            .filter(line -> !line.isBlank())
            .flatMap(ConsoleBundleTest::files)
            .sorted(ConsoleBundleTest::byBytes)
            .toList();
    for (String path : paths) {
      String own =
          HexFormat.of().formatHex(sha256().digest(Files.readAllBytes(ROOT.resolve(path))));
      digest.update((path + "\n" + own + "\n").getBytes(StandardCharsets.UTF_8));
    }
    return HexFormat.of().formatHex(digest.digest());
  }

  private static Stream<String> files(String path) {
    Path full = ROOT.resolve(path);
    if (!Files.isDirectory(full)) {
      return Stream.of(path);
    }
    try (Stream<Path> children = Files.list(full)) {
      return children.map(child -> path + "/" + child.getFileName()).toList().stream()
          .flatMap(ConsoleBundleTest::files);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static int byBytes(String a, String b) {
    return java.util.Arrays.compareUnsigned(
        a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
