import countries from 'i18n-iso-countries';
import zh from 'i18n-iso-countries/langs/zh.json' with { type: 'json' };
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import type { CountryEntry, CountryTreeNode, DictDefinition } from '../../generated/types.js';
import { readSchemaFile } from '../../schemaSource/schemaFiles.js';

countries.registerLocale(zh);
countries.registerLocale(en);

/** Names Chinese filings use for these regions, instead of the library's. */
const NAME_OVERRIDES: Record<string, string> = { HK: '中国香港', MO: '中国澳门', TW: '中国台湾' };

interface UnionItem {
  value: string;
  label: string;
  fullName?: string;
  members: string[];
}

interface GroupItem {
  value: string;
  label: string;
  members: string[];
}

const dictItems = <T>(name: string) => (readSchemaFile('dicts', name).body as unknown as DictDefinition).items as unknown as T[];

const collator = new Intl.Collator('zh-Hans-CN');

/** Every code a country tree may hold: ISO 3166-1 countries and regions, plus the unions and Madrid. */
export class CountryCatalog {
  private readonly entries = new Map<string, CountryEntry>();
  private readonly groups: GroupItem[];

  constructor() {
    const names = countries.getNames('zh', { select: 'official' });
    const english = countries.getNames('en', { select: 'official' });
    for (const [code, name] of Object.entries(names)) {
      this.entries.set(code, { code, name: NAME_OVERRIDES[code] ?? name, nameEn: english[code] ?? code, region: false, members: [] });
    }
    for (const union of dictItems<UnionItem>('country-unions.json')) {
      this.entries.set(union.value, { code: union.value, name: union.label, nameEn: union.fullName ?? union.label, region: true, members: union.members });
    }
    this.groups = dictItems<GroupItem>('country-groups.json');
  }

  has(code: string): boolean {
    return this.entries.has(code);
  }

  get(code: string): CountryEntry | undefined {
    return this.entries.get(code);
  }

  /** Regional codes first, then countries in Chinese name order. */
  list(): CountryEntry[] {
    const all = [...this.entries.values()];
    return [...all.filter((e) => e.region), ...all.filter((e) => !e.region).sort((a, b) => collator.compare(a.name, b.name))];
  }

  /** The built-in arrangement: regional organisations, then the seven continents. */
  builtInTree(): CountryTreeNode[] {
    return this.groups.map((group) => {
      const leaves = group.members.map((code) => this.entries.get(code)!).filter(Boolean);
      const ordered = group.value === 'regional' ? leaves : [...leaves].sort((a, b) => collator.compare(a.name, b.name));
      return { code: group.value, name: group.label, subList: ordered.map((e) => ({ code: e.code, name: e.name, subList: [] })) };
    });
  }
}

let shared: CountryCatalog | undefined;
export function countryCatalog(): CountryCatalog {
  shared ??= new CountryCatalog();
  return shared;
}
