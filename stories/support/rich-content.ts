/** Answers for the code, diagram and link stories. */

export const codeHeavyAnswer = `The loop read one element past the end. In TypeScript:

\`\`\`ts
interface Item {
  price: number
  quantity: number
}

/** The order total, in cents. */
export function total(items: readonly Item[]): number {
  let sum = 0
  for (let i = 0; i < items.length; i++) {
    sum += items[i].price * items[i].quantity
  }
  return Math.round(sum)
}
\`\`\`

The same in Python:

\`\`\`python
from dataclasses import dataclass

@dataclass
class Item:
    price: float
    quantity: int

def total(items: list[Item]) -> int:
    """The order total, in cents."""
    return round(sum(item.price * item.quantity for item in items))
\`\`\`

And the change itself:

\`\`\`diff
--- a/src/total.ts
+++ b/src/total.ts
@@ -8,7 +8,7 @@
 export function total(items: readonly Item[]): number {
   let sum = 0
-  for (let i = 0; i <= items.length; i++) {
+  for (let i = 0; i < items.length; i++) {
     sum += items[i].price * items[i].quantity
   }
\`\`\`
`

export const draftFlowchart = `Here is how a request flows:

\`\`\`mermaid
flowchart LR
  Client --> Gateway
  Gateway --> Cache
  Cache --> Database
\`\`\`
`

export const correctedFlowchart = `Correction: the cache is checked first, and a miss goes to the database:

\`\`\`mermaid
flowchart LR
  Client --> Gateway
  Gateway --> Cache{Cached?}
  Cache -- hit --> Gateway
  Cache -- miss --> Database
  Database --> Gateway
\`\`\`
`

export const brokenFlowchart = `A diagram the agent got wrong:

\`\`\`mermaid
flowchart LR
  Client -->
  --> Gateway ((
\`\`\`
`

export const linkAnswer = `Sources: the [release notes](https://example.com/releases/4.0) and the
[migration guide](https://example.org/guide#upgrading). The [changelog](/changelog) is on this site.`
