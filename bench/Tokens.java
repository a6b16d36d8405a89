import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Mints the development HS256 tokens bin/dev-token mints, thousands at once in one process (the
 * script starts a dozen processes per token): reads user ids from stdin and prints "id token" per
 * line. Run with the JDK's source launcher: java bench/Tokens.java ttl-seconds < ids, with
 * LEDGER_SECURITY_JWT_SECRET set (bin/dev-secret.sh).
 */
public class Tokens {

  public static void main(String[] args) throws Exception {
    long ttl = Long.parseLong(args[0]);
    Mac hmac = Mac.getInstance("HmacSHA256");
    byte[] secret = System.getenv("LEDGER_SECURITY_JWT_SECRET").getBytes(StandardCharsets.UTF_8);
    hmac.init(new SecretKeySpec(secret, "HmacSHA256"));
    Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
    String header = b64.encodeToString("{\"alg\":\"HS256\",\"typ\":\"JWT\"}".getBytes());
    long now = System.currentTimeMillis() / 1000;
    BufferedReader ids = new BufferedReader(new InputStreamReader(System.in));
    StringBuilder out = new StringBuilder();
    for (String id = ids.readLine(); id != null; id = ids.readLine()) {
      String claims =
          "{\"sub\":\"%s\",\"scope\":\"ledger.user\",\"iat\":%d,\"exp\":%d}"
              .formatted(id.strip(), now, now + ttl);
      String unsigned = header + "." + b64.encodeToString(claims.getBytes(StandardCharsets.UTF_8));
      String signature = b64.encodeToString(hmac.doFinal(unsigned.getBytes(StandardCharsets.UTF_8)));
      out.append(id.strip()).append(' ').append(unsigned).append('.').append(signature).append('\n');
    }
    System.out.print(out);
  }
}
