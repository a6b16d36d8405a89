package dev.ewallet.ledger.domain.port.out;

import java.net.InetAddress;
import java.util.List;

/** Resolves host names, for the checks of the addresses the ledger may call. */
public interface HostResolver {

  /** Every address of the host; empty when it does not resolve. */
  List<InetAddress> resolve(String host);
}
