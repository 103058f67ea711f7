import { describe, expect, it } from 'vitest';
import { classesIn, criticalCss, customPropertiesIn, requiredClasses } from './critical-css.js';

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
    '@layer utilities{.flex{display:flex;translate:var(--tw-x)}.grid{display:grid}.md\\:flex{}',
    '@media (width>=48rem){.md\\:grid{display:grid}.md\\:block{display:block}}',
    '.dark\\:text-white:where(.dark,.dark *){color:#fff}.a,.b{color:red;animation:spin 1s}}',
    '@keyframes spin{12.5%{opacity:.5}to{transform:rotate(360deg)}}',
  ].join('');

  it('keeps the rules the page’s classes use and every rule without a class, in order', () => {
    const subset = criticalCss(sheet)(new Set(['flex', 'md:block', 'dark:text-white', 'b']));
    expect(subset).toBe(
      [
        '@layer theme,base,utilities;',
        '@property --tw-x{syntax:"*";inherits:false}',
        '@layer base{*,:before{box-sizing:border-box}html{line-height:1.5}}',
        '@layer utilities{.flex{display:flex;translate:var(--tw-x)}',
        '@media (width>=48rem){.md\\:block{display:block}}',
        '.dark\\:text-white:where(.dark,.dark *){color:#fff}.b{color:red;animation:spin 1s}}',
        '@keyframes spin{12.5%{opacity:.5}to{transform:rotate(360deg)}}',
      ].join(''),
    );
  });

  it('drops a block whose rules all went, and gives the same text for the same classes in any order', () => {
    const critical = criticalCss(sheet);
    const subset = critical(new Set(['grid', 'a']));
    expect(subset).not.toContain('@media');
    expect(subset).toContain('.grid{display:grid}');
    expect(subset).toContain('.a{color:red;animation:spin 1s}');
    expect(critical(new Set(['a', 'grid']))).toBe(subset);
  });
});

describe('criticalCss and custom properties', () => {
  const sheet = [
    '@layer properties{@supports (-moz-orient:inline){*,:before{--tw-shadow:0 0 #0000;--tw-blur:initial}}}',
    ':root{--color-red:red;--color-blue:blue;--font-sans:"Inter",sans-serif;--default-font:var(--font-sans)}',
    'html{font-family:var(--default-font)}',
    '.shadow{--tw-shadow:0 1px var(--tw-shadow-color,#0003);box-shadow:var(--tw-shadow)}',
    '.text-red{color:var(--color-red)}.text-blue{color:var(--color-blue)}',
    '.fade{transition-property:opacity,--tw-gradient-from;animation:var(--animate-fade)}',
    ':root{--animate-fade:fade-in 1s;--animate-spin:spin 1s}',
    '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
    '@property --tw-blur{syntax:"*";inherits:false}',
    '@property --tw-gradient-from{syntax:"<color>";inherits:false;initial-value:#0000}',
    '@keyframes fade-in{0%{opacity:0}}@keyframes spin{to{rotate:1turn}}',
  ].join('');

  it('leaves out the custom properties, @property and @keyframes that nothing on the page reads', () => {
    const subset = criticalCss(sheet)(new Set(['shadow', 'text-red', 'fade']));
    expect(subset).toBe(
      [
        '@layer properties{@supports (-moz-orient:inline){*,:before{--tw-shadow:0 0 #0000}}}',
        ':root{--color-red:red;--font-sans:"Inter",sans-serif;--default-font:var(--font-sans)}',
        'html{font-family:var(--default-font)}',
        '.shadow{--tw-shadow:0 1px var(--tw-shadow-color,#0003);box-shadow:var(--tw-shadow)}',
        '.text-red{color:var(--color-red)}',
        '.fade{transition-property:opacity,--tw-gradient-from;animation:var(--animate-fade)}',
        ':root{--animate-fade:fade-in 1s}',
        '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
        '@property --tw-gradient-from{syntax:"<color>";inherits:false;initial-value:#0000}',
        '@keyframes fade-in{0%{opacity:0}}',
      ].join(''),
    );
  });

  it('keeps what the markup’s inline styles read', () => {
    const html = '<p style="color:var(--color-blue)" title="--color-red">x</p>';
    expect([...customPropertiesIn(html)]).toEqual(['--color-blue']);
    const subset = criticalCss(sheet)(new Set(), customPropertiesIn(html));
    expect(subset).toContain('--color-blue:blue');
    expect(subset).not.toContain('--color-red');
  });
});
