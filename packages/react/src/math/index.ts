export { defaultMathLimits, type MathLimits } from './katex-budget'
export { hideOpenInlineMath, showOpenDisplayMathAsSource } from './math-repair'
export { createMathSyntax, type MathSyntaxOptions, mathSyntax, safeKatexOptions } from './math-syntax'
