/**
 * Where a vote, a question or an upvote came from, as keyed hashes (decision 029): the same client gives the same
 * hashes, so they can be grouped for review, but neither the address nor the user agent can be read back from them.
 * A module of its own so that the vote store and the question store can both name it without importing each other.
 */
export interface VoteOrigin {
  addressHash: string;
  agentHash: string;
}
