/** GFM extension examples (tables, strikethrough, task lists, autolink literals, footnotes) plus mixed documents. */
export const gfmExamples: { name: string; markdown: string }[] = [
  { name: 'GFM table', markdown: '| foo | bar |\n| --- | --- |\n| baz | bim |\n' },
  { name: 'GFM table with alignment', markdown: '| abc | defghi |\n:-: | -----------:\nbar | baz\n' },
  { name: 'GFM table with escaped pipes', markdown: '| f\\|oo  |\n| ------ |\n| b `\\|` az |\n| b **\\|** im |\n' },
  { name: 'GFM table ended by a block quote', markdown: '| abc | def |\n| --- | --- |\n| bar | baz |\n> bar\n' },
  { name: 'GFM table rows without pipes', markdown: '| abc | def |\n| --- | --- |\n| bar | baz |\nbar\n\nbar\n' },
  { name: 'GFM table header mismatch', markdown: '| abc | def |\n| --- |\n| bar |\n' },
  { name: 'GFM table short and long rows', markdown: '| abc | def |\n| --- | --- |\n| bar |\n| bar | baz | boo |\n' },
  { name: 'GFM table header only', markdown: '| abc | def |\n| --- | --- |\n' },
  { name: 'GFM table after a paragraph', markdown: 'Intro line\n| a | b |\n| - | - |\n| 1 | 2 |\n\nafter\n' },
  { name: 'GFM table in a list', markdown: '- item\n\n  | a | b |\n  | - | - |\n  | 1 | 2 |\n- next\n' },
  { name: 'GFM strikethrough', markdown: '~~Hi~~ Hello, ~there~ world!\n' },
  { name: 'GFM strikethrough across a blank line', markdown: 'This ~~has a\n\nnew paragraph~~.\n' },
  { name: 'GFM strikethrough triple tilde', markdown: 'This will ~~~not~~~ strike.\n' },
  { name: 'GFM task list', markdown: '- [ ] foo\n- [x] bar\n' },
  { name: 'GFM nested task list', markdown: '- [x] foo\n  - [ ] bar\n  - [x] baz\n- [ ] bim\n' },
  { name: 'GFM loose task list', markdown: '- [ ] one\n\n- [x] two\n\n  more text\n' },
  { name: 'GFM autolink www', markdown: 'www.commonmark.org\n\nVisit www.commonmark.org/help for more information.\n' },
  {
    name: 'GFM autolink trailing punctuation',
    markdown: 'Visit www.commonmark.org.\n\nVisit www.commonmark.org/a.b.\n',
  },
  {
    name: 'GFM autolink parentheses',
    markdown: 'www.google.com/search?q=Markup+(business)\n\n(www.google.com/search?q=Markup+(business))\n',
  },
  {
    name: 'GFM autolink entity',
    markdown: 'www.google.com/search?q=commonmark&hl=en\n\nwww.google.com/search?q=commonmark&hl;\n',
  },
  {
    name: 'GFM autolink url',
    markdown: 'http://commonmark.org\n\n(Visit https://encrypted.google.com/search?q=Markup+(business))\n',
  },
  {
    name: 'GFM autolink email',
    markdown: "foo@bar.baz\n\nhello@mail+xyz.example isn't valid, but hello+xyz@mail.example is.\n",
  },
  { name: 'GFM autolink protocols', markdown: 'mailto:foo@bar.baz\n\nxmpp:foo@bar.baz/txt\n\nftp://example.com/x\n' },
  {
    name: 'GFM footnote',
    markdown:
      "Here is a footnote reference,[^1] and another.[^longnote]\n\n[^1]: Here is the footnote.\n\n[^longnote]: Here's one with multiple blocks.\n\n    Subsequent paragraphs are indented.\n",
  },
  { name: 'GFM footnote defined before use', markdown: '[^a]: First.\n\nText[^a] and text[^b].\n\n[^b]: Second.\n' },
  { name: 'GFM footnote unused and missing', markdown: 'Text[^missing].\n\n[^unused]: Never used.\n' },
  {
    name: 'link reference defined after use',
    markdown: 'See [the docs][docs] and [docs].\n\n# Heading\n\n[docs]: https://example.com "Docs"\n',
  },
  {
    name: 'mixed document',
    markdown:
      '# Title\n\nSome *emphasis*, **strong**, `code` and ~~strike~~.\n\n> quote\n> - list in quote\n\n1. one\n2. two\n\n   para in item\n\n```ts\nconst a = 1\n\nconst b = 2\n```\n\n    indented code\n\n    still code\n\n<div>\n*html*\n\n</div>\n\nSetext\n------\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n- [ ] task\n- [x] done\n\nFinal paragraph with www.example.com.\n',
  },
  { name: 'loose list across blank lines', markdown: '- a\n- b\n\n- c\n\n\n- d\n\ntext\n' },
  { name: 'ordered list continued after blank line', markdown: '1. a\n\n2. b\n\n3) c\n' },
  { name: 'nested list indentation', markdown: '- a\n  - b\n\n    c\n\n  d\n- e\n\n      code in item\n' },
  {
    name: 'html block kinds',
    markdown:
      '<script>\nlet a = 1\n\nlet b = 2\n</script>\n\n<!-- comment\n\nstill -->\n\n<?php\n\necho 1; ?>\n\n<![CDATA[\n\nx\n]]>\n\n<!DOCTYPE html>\n\n<custom-tag>\n\nafter\n',
  },
  {
    name: 'CRLF line endings',
    markdown: '# Title\r\n\r\n- a\r\n- b\r\n\r\n```\r\ncode\r\n\r\n```\r\n\r\npara **x**\r\n',
  },
  { name: 'CR line endings', markdown: '# Title\r\rpara one\rcontinued\r\r> quote\r\r    code\r' },
  { name: 'lazy continuation', markdown: '> a\nb\n\n- c\nd\n\n> e\n\n> f\n' },
]
