/** A level as the result says it, "about N": to 5 below a hundred, to 10 above, as exact as the test is. */
export function aboutCount(level: number): number {
  return level < 100 ? Math.round(level / 5) * 5 : Math.round(level / 10) * 10;
}
