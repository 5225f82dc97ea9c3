/** Text the stories stream and show: realistic agent answers in markdown. */

export const weatherAnswer = `Tomorrow in **Lisbon** will be mild and wet:

| Time | Forecast | Rain |
| --- | --- | --- |
| Morning | 14 °C, cloudy | 20 % |
| Afternoon | 17 °C, showers | 70 % |
| Evening | 13 °C, clearing | 30 % |

Yes, bring an umbrella — the showers peak between 14:00 and 17:00.`

export const codeAnswer = `Here is the fix. The loop read one element past the end:

\`\`\`ts
for (let i = 0; i < items.length; i++) {
  total += items[i].price
}
\`\`\`

1. \`<=\` became \`<\`.
2. A test now covers the empty list.`

export const reasoningText =
  'The user asks for the forecast. I should call the weather tool for Lisbon, then summarise the rain chance by part of the day, since the umbrella question depends on the afternoon.'

export const diffOld = `export function total(items: Item[]): number {
  let total = 0
  for (let i = 0; i <= items.length; i++) {
    total += items[i].price
  }
  return total
}
`

export const diffNew = `export function total(items: Item[]): number {
  let total = 0
  for (let i = 0; i < items.length; i++) {
    total += items[i].price
  }
  return total
}
`

export const terminalOutput = ` RUN  v4.1.12 /work/shop

 ✓ test/total.test.ts (3 tests) 4ms

 Test Files  1 passed (1)
      Tests  3 passed (3)`

/** Short varied answers for long transcripts and the dashboard. */
export const shortAnswers = [
  'Done — the build is green again.',
  'The file has **42** lines; the function you mean starts at line 12.',
  'I renamed `fetchUser` to `loadUser` in 3 files.',
  'Three options:\n\n- keep the cache\n- shorten its lifetime\n- drop it',
  'The test failed because the fixture date is in the past.',
  'No changes needed: the config already sets `strict: true`.',
  'I found 2 callers; both pass a string, so the type can narrow.',
  'Rolled back the migration and re-ran it with the index first.',
]

export const userQuestions = [
  'Why is the build failing?',
  'How long is src/user.ts?',
  'Rename fetchUser everywhere.',
  'How should we handle the cache?',
  'Why did the date test fail?',
  'Is strict mode on?',
  'Who calls parseId?',
  'Fix the slow migration.',
]
