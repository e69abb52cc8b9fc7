import { describe, expect, it } from 'vitest';
import { evaluateFormula, formatMoodleFloat, formatNumber, FormulaError, substituteFormulaText } from './moodle-formula.js';

describe("Moodle's calculated formulas", () => {
  const at = (formula: string, values: Record<string, number> = {}) => evaluateFormula(formula, values);

  it('substitutes {variables} and follows the usual precedence', () => {
    expect(at('{A}*{B}', { A: 3.5, B: 3.1 })).toBeCloseTo(10.85, 12);
    expect(at('2*({A}+{B})', { A: 3.5, B: 3.1 })).toBeCloseTo(13.2, 12);
    expect(at('1 + 2 * 3 - 4 / 2')).toBe(5);
    expect(at('{x} - -{y}', { x: 1, y: -2 })).toBe(-1);
    expect(at('1.5e2 + .5')).toBe(150.5);
  });

  it('powers: pow(), ** and ^, right-associative and above a unary minus (as in PHP)', () => {
    expect(at('pow(2, 10)')).toBe(1024);
    expect(at('2 ** 3 ** 2')).toBe(512);
    expect(at('2^3')).toBe(8);
    expect(at('-2**2')).toBe(-4);
    expect(at('2**-1')).toBe(0.5);
  });

  it("Moodle's functions: trigonometry, logarithms, rounding, min/max, pi(), fmod and PHP's integer %", () => {
    expect(at('sin(pi()/2)')).toBeCloseTo(1, 12);
    expect(at('cos(deg2rad(60))')).toBeCloseTo(0.5, 12);
    expect(at('sqrt({a}^2 + {b}^2)', { a: 3, b: 4 })).toBe(5);
    expect(at('log(exp(2))')).toBeCloseTo(2, 12);
    expect(at('log(8, 2)')).toBeCloseTo(3, 12);
    expect(at('log10(1000)')).toBeCloseTo(3, 12);
    expect(at('round(2.5)')).toBe(3);
    expect(at('round(-2.5)')).toBe(-3);
    expect(at('round(1.955, 2)')).toBe(1.96);
    expect(at('round(1234, -2)')).toBe(1200);
    expect(at('max(1, {a}, 3)', { a: 7 })).toBe(7);
    expect(at('min(4, 2, 9)')).toBe(2);
    expect(at('fmod(7.5, 2)')).toBe(1.5);
    expect(at('7.9 % 2')).toBe(1);
    expect(at('-7 % 3')).toBe(-1);
    expect(at('abs(-3) + floor(2.7) + ceil(2.1)')).toBe(8);
    expect(at('atan2(1, 1)')).toBeCloseTo(Math.PI / 4, 12);
    expect(at('decbin(5)')).toBe(101);
    expect(at('bindec(101)')).toBe(5);
  });

  it('refuses anything that is not arithmetic: unknown names, property access, strings, bad syntax, no finite value', () => {
    for (const [formula, reason] of [
      ['{C} + 1', /\{C\}, which has no value/],
      ['process.exit(1)', /unexpected "\.exit/],
      ['exit(1)', /"exit", which is not one of Moodle's functions/],
      ['constructor(1)', /not one of Moodle's functions/],
      ['__proto__(1)', /not one of Moodle's functions/],
      ['toString()', /not one of Moodle's functions/],
      ['"a"', /unexpected/],
      ['1 +', /ends too early/],
      ['(1 + 2', /"\)" expected/],
      ['1 2', /unexpected "2"/],
      ['1 / 0', /division by zero/],
      ['sqrt(-1)', /no finite value/],
      ['pow(2)', /takes 2 to 2 arguments/],
      ['', /empty/],
      ['1;2', /unexpected/],
    ] as const) {
      expect(() => at(formula, { A: 1 }), formula).toThrow(FormulaError);
      expect(() => at(formula, { A: 1 }), formula).toThrow(reason);
    }
  });

  it('a question text at fixed values: {=expressions} evaluated, known {variables} shown as the backup wrote them', () => {
    const problems: string[] = [];
    const text = substituteFormulaText(
      '<p>A square {A} x {B} has perimeter {=2*({A}+{B})}; {=1/0} stays; {unknown} stays.</p>',
      { A: 3.5, B: 3.1 },
      { A: '3.50', B: '3.1' },
      problems,
    );
    expect(text).toBe('<p>A square 3.50 x 3.1 has perimeter 13.2; {=1/0} stays; {unknown} stays.</p>');
    expect(problems).toEqual(['division by zero in the formula']);
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatNumber(3.5 * 3.1)).toBe('10.85');
  });

  it("a calculated multichoice's values as Moodle writes them: its decimals, or its significant figures (plain or scientific)", () => {
    const decimals = (x: number, n: number) => formatMoodleFloat(x, n, 1);
    const figures = (x: number, n: number) => formatMoodleFloat(x, n, 2);
    expect(decimals(36.21, 2)).toBe('36.21');
    expect(decimals(1 / 3, 2)).toBe('0.33');
    expect(decimals(2, 2)).toBe('2.00');
    expect(decimals(-1.5, 0)).toBe('-2');
    expect(figures(1234.5678, 3)).toBe('1230');
    expect(figures(12, 3)).toBe('12.0');
    expect(figures(0.5, 3)).toBe('0.500');
    expect(figures(0.012345, 3)).toBe('0.0123');
    expect(figures(-2.5, 2)).toBe('-2.5');
    expect(figures(0.999, 2)).toBe('1.0');
    expect(figures(123456, 2)).toBe('1.2e5');
    expect(figures(123456, 1)).toBe('1e5');
    expect(figures(0.00012345, 2)).toBe('1.2e-4');
    expect(figures(0, 3)).toBe('0');
    // No setting (a question's text): as formatNumber.
    expect(formatMoodleFloat(0.1 + 0.2, null, null)).toBe('0.3');
    expect(substituteFormulaText('{={a}/3} of {a}', { a: 1 }, { a: '1' }, [], (x) => formatMoodleFloat(x, 3, 1))).toBe('0.333 of 1');
  });
});
