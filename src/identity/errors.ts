/** Bad input to the embed identity tools (an unknown user, a reserved claim, a bad mode): said in one line. */
export class IdentityError extends Error {
  override name = "IdentityError";
}
