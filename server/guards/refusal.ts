/** A request the /cms guards answer themselves with a 4xx and this message. */
export class Refusal extends Error {
  constructor(
    public status: number,
    message: string,
  ) {
    super(message)
  }
}
