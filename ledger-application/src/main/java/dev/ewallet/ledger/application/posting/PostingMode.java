package dev.ewallet.ledger.application.posting;

/**
 * How the ledger posts every movement: each as a batch of one on its request's thread ({@link
 * #INLINE}), or queued and posted many per database transaction by group-commit writers ({@link
 * GroupCommitSettings}), which must then be started before the first one. Chosen where the
 * application is assembled; the only switch between the two. Every movement goes through the same
 * batch poster, so every rule holds the same way in both modes.
 */
public sealed interface PostingMode permits PostingMode.Inline, GroupCommitSettings {

  PostingMode INLINE = new Inline();

  /** One database transaction per request, on the request's own thread. */
  record Inline() implements PostingMode {}
}
