/**
 * Throughput figures quoted outside bench/README.md must be that file's, of a run it dates: a
 * figure stands in a paragraph, list item or table row that names the run's date, and the run's
 * section of bench/README.md holds the same figure.
 */

const DATE = /\b20\d\d-\d\d-\d\d\b/g;
/** A speed: `24.4k req/s`, `190 MB/s`, `15,270/s`, `0.99 ×`. */
const SPEED = /\d[\d,.]*k?\s*(?:req\/s|MB\/s|\/s)|\d\.\d+\s*×/;
/** A figure: digits with thousands separators or a decimal part, maybe in thousands (`24.4k`). */
const FIGURE = /(?<![\w.-])\d[\d,]*(?:\.\d+)?k?(?![\w-])/g;
/** A commit (`74d678f`), which holds digits but is no figure. */
const COMMIT = /\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b/g;

/** Paragraphs, split further into list items and table rows. */
export function unitsOf(markdown: string): string[] {
  return markdown
    .split(/\n\s*\n/)
    .flatMap((paragraph) => paragraph.split(/\n(?=\s*(?:- |\|))/))
    .map((unit) => unit.replace(/\s+/g, ' ').trim());
}

/** `15,270`, `15 270` and `15270` are one figure. */
const digitsOnly = (text: string) => text.replace(/(\d)[,\u202f ](?=\d{3}\b)/g, '$1');

/** The sections (from one heading to the next) of bench/README.md that name `date`. */
export function runsOf(benchReadme: string, date: string): string {
  return benchReadme
    .split(/\n(?=#{2,3} )/)
    .filter((section) => section.includes(date))
    .map(digitsOnly)
    .join('\n');
}

/** The newest run bench/README.md reports (its dated headings). */
export function newestRun(benchReadme: string): string {
  const dates = [...benchReadme.matchAll(/^#{2,3} .*?(20\d\d-\d\d-\d\d)/gm)].map((m) => m[1]!);
  return dates.sort().at(-1)!;
}

export interface FigureProblem {
  unit: string;
  problem: string;
}

/** Where a text's quoted speeds are not bench/README.md's figures of the run they name. */
export function figureProblems(markdown: string, benchReadme: string): FigureProblem[] {
  return unitsOf(markdown).flatMap((unit): FigureProblem[] => {
    const dates = unit.match(DATE) ?? [];
    if (!dates.length)
      return SPEED.test(unit) ? [{ unit, problem: 'a speed without the date of its run' }] : [];
    const runs = dates.map((d) => runsOf(benchReadme, d)).join('\n');
    const figures = unit.replace(DATE, ' ').replace(COMMIT, ' ').match(FIGURE) ?? [];
    return figures
      .map(digitsOnly)
      .filter((f) => !new RegExp(`(?<![\\d.])${f.replace('.', '\\.')}(?![\\d])`).test(runs))
      .map((f) => ({ unit, problem: `${f} is not in bench/README.md's run of ${dates.join(' or ')}` }));
  });
}
