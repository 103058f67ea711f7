import { describe, expect, it } from 'vitest';
import { classesIn, criticalCss, requiredClasses } from './critical-css.js';

describe('requiredClasses', () => {
  it('reads escaped Tailwind names as the class attribute writes them', () => {
    expect(requiredClasses('.md\\:flex')).toEqual(['md:flex']);
    expect(requiredClasses('.w-1\\/2')).toEqual(['w-1/2']);
    expect(requiredClasses('.\\32 xl\\:p-4')).toEqual(['2xl:p-4']);
    expect(requiredClasses('.bg-\\[url\\(x\\)\\]')).toEqual(['bg-[url(x)]']);
    expect(requiredClasses('.a.b > .c:hover')).toEqual(['a', 'b', 'c']);
  });

  it('counts a single selector inside :where, :is or :has, and nothing in :not, alternatives or attributes', () => {
    expect(requiredClasses(':where(.space-y-2>:not(:last-child))')).toEqual(['space-y-2']);
    expect(requiredClasses('.dark\\:bg-x:where(.dark, .dark *)')).toEqual(['dark:bg-x']);
    expect(requiredClasses('.btn:not(.active)')).toEqual(['btn']);
    expect(requiredClasses(':is(.a, .b) .c')).toEqual(['c']);
    expect(requiredClasses('.x:has(.y)')).toEqual(['y', 'x']);
    expect(requiredClasses('a[href$=".pdf"]')).toEqual([]);
    expect(requiredClasses('*, ::before')).toEqual([]);
  });
});

describe('classesIn', () => {
  it('takes every class attribute’s names, entities decoded, and no text that only looks like one', () => {
    const html =
      '<html class="dark"><body><div class="a  b"><p class="[&amp;&gt;*]:x">class="not-me"</p>' +
      '<span title=" class=&quot;nor-me&quot;">x</span></div></body></html>';
    expect([...classesIn(html)].sort()).toEqual(['[&>*]:x', 'a', 'b', 'dark']);
  });
});

describe('criticalCss', () => {
  const sheet = [
    '@layer theme,base,utilities;',
    '@property --tw-x{syntax:"*";inherits:false}',
    '@layer base{*,:before{box-sizing:border-box}html{line-height:1.5}}',
    '@layer utilities{.flex{display:flex}.grid{display:grid}.md\\:flex{}',
    '@media (width>=48rem){.md\\:grid{display:grid}.md\\:block{display:block}}',
    '.dark\\:text-white:where(.dark,.dark *){color:#fff}.a,.b{color:red}}',
    '@keyframes spin{12.5%{opacity:.5}to{transform:rotate(360deg)}}',
  ].join('');

  it('keeps the rules the page’s classes use and every rule without a class, in order', () => {
    const subset = criticalCss(sheet)(new Set(['flex', 'md:block', 'dark:text-white', 'b']));
    expect(subset).toBe(
      [
        '@layer theme,base,utilities;',
        '@property --tw-x{syntax:"*";inherits:false}',
        '@layer base{*,:before{box-sizing:border-box}html{line-height:1.5}}',
        '@layer utilities{.flex{display:flex}',
        '@media (width>=48rem){.md\\:block{display:block}}',
        '.dark\\:text-white:where(.dark,.dark *){color:#fff}.b{color:red}}',
        '@keyframes spin{12.5%{opacity:.5}to{transform:rotate(360deg)}}',
      ].join(''),
    );
  });

  it('drops a block whose rules all went, and gives the same text for the same classes in any order', () => {
    const critical = criticalCss(sheet);
    const subset = critical(new Set(['grid', 'a']));
    expect(subset).not.toContain('@media');
    expect(subset).toContain('.grid{display:grid}');
    expect(subset).toContain('.a{color:red}');
    expect(critical(new Set(['a', 'grid']))).toBe(subset);
  });
});
