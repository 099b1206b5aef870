/** The password policy in words (the API's: ASVS 6.2, no composition rules). */
export const PASSWORD_HINT =
  '12 characters or more; no other rule: a few words you remember are fine. A common or breached password, or one containing your name or e-mail, is refused.';
