/** Pure rules of the templates feature (unit-tested). */

/** The slider's next slide: a random other one (spec section 9: autoplay randomised). */
export function nextSlide(current: number, count: number, random: () => number): number {
  if (count < 2) return 0;
  const step = 1 + Math.floor(random() * (count - 1));
  return (current + step) % count;
}
