package dev.ewallet.ledger.adapter.webhook;

import dev.ewallet.ledger.domain.port.out.HostResolver;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import org.springframework.stereotype.Component;

/** Host names resolved by the JDK (and so by the operating system's resolver and its cache). */
@Component
final class InetHostResolverAdapter implements HostResolver {

  @Override
  public List<InetAddress> resolve(String host) {
    try {
      return List.of(InetAddress.getAllByName(host));
    } catch (UnknownHostException unknown) {
      return List.of();
    }
  }
}
