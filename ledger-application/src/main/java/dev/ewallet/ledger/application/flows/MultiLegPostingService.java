package dev.ewallet.ledger.application.flows;

import dev.ewallet.ledger.application.posting.PostingRequest;
import dev.ewallet.ledger.application.posting.PostingStrategy;
import dev.ewallet.ledger.domain.movement.MultiLeg;
import dev.ewallet.ledger.domain.port.in.PostLegsCommand;
import dev.ewallet.ledger.domain.port.in.PostLegsUseCase;
import dev.ewallet.ledger.domain.port.in.PostingReceipt;

/** Operators' multi-leg postings: hands a {@link MultiLeg} to the posting strategy. */
public final class MultiLegPostingService implements PostLegsUseCase {

  private final PostingStrategy posting;

  public MultiLegPostingService(PostingStrategy posting) {
    this.posting = posting;
  }

  @Override
  public PostingReceipt post(PostLegsCommand command) {
    command.caller().requireOperator();
    MultiLeg legs =
        new MultiLeg(
            command.legs().stream()
                .map(leg -> new MultiLeg.Leg(leg.accountId(), leg.amountMinor()))
                .toList());
    return posting
        .post(
            new PostingRequest(
                    command.caller(), command.idempotencyKey(), command.fingerprint(), legs)
                .withDetails(command.details(), null))
        .receiptOrThrow();
  }
}
