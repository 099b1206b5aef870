/**
 * The letter of a variant, from its `order` among its step's variants as the API lists them (the
 * sequence and the results both carry it): A, B, … Z, then AA, AB, … The editor and the results
 * both letter with this, so one variant has one letter on the whole page. Deleting a variant
 * renumbers the rest (the API keeps orders 0..n-1), and the results list variants deleted since
 * after the current ones, so a deleted variant never takes a current one's letter.
 */
export function variantLetter(order: number): string {
  let letters = '';
  for (let n = order + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}
