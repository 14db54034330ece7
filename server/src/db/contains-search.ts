/**
 * "Contains" searches of lists (a term anywhere in a name or email, any letter case). On SQLite, terms of three
 * or more characters go through a trigram index (trigram-search.ts), so a search in an organization of 10,000
 * members or 2,000 media files reads only the matches; shorter terms, and PostgreSQL (whose trigram GIN
 * indexes serve LIKE itself), use LIKE.
 *
 * A long term (three trigrams or more) asks the index for the rows holding its two rarest trigrams once they are
 * counted (trigram-frequencies.ts), and keeps those whose columns contain the term (LIKE, as on PostgreSQL); a phrase
 * query reads the rows of all its trigrams. Only for printable ASCII terms, whose letter case LIKE folds as the index
 * does: any other term stays a phrase, folded by the index alone.
 */
import type { Database } from './database.js';
import { applySearch, type ListSearch } from './paginate.js';
import { asciiTrigramsOf, ftsAllOf, ftsPhrase, TRIGRAM_LENGTH, vocabularyOf } from './trigram-search.js';

export interface ContainsSearch {
  /** The indexed copy (migration), its column holding the searched row's id, and its searched columns. */
  copy: string;
  copyKey: string;
  copyColumns: string[];
  /** The searched row's id in the list's query (e.g. tu.user_id). */
  key: string;
  /** The list query's columns for the LIKE path. */
  columns: string[];
}

/** Fewer trigrams than this: the phrase reads no more than the rarest would. */
const RAREST_FROM = 3;
const RAREST = 2;

export function containsSearch({ copy, copyKey, copyColumns, key, columns }: ContainsSearch): ListSearch {
  return (db, query, term) => {
    if (!db.isSqlite || [...term].length < TRIGRAM_LENGTH) return applySearch(query, columns, term);
    const fts = `${copy}_fts`;
    const matches = db.knex(fts).join(copy, `${copy}.id`, `${fts}.rowid`).select(`${copy}.${copyKey}`);
    const rarest = rarestTrigrams(db, copy, term);
    if (rarest) {
      matches.whereRaw(`${fts} MATCH ?`, [ftsAllOf(rarest)]);
      applySearch(
        matches,
        copyColumns.map((column) => `${copy}.${column}`),
        term,
      );
    } else {
      matches.whereRaw(`${fts} MATCH ?`, [ftsPhrase(term)]);
    }
    return query.whereIn(key, matches);
  };
}

/** The term's two rarest trigrams, when it has enough of them, is ASCII and they are counted. */
function rarestTrigrams(db: Database, copy: string, term: string): string[] | undefined {
  const trigrams = asciiTrigramsOf(term);
  if (!trigrams || trigrams.length < RAREST_FROM) return undefined;
  return db.trigramFrequencies?.rarest(vocabularyOf(copy), trigrams, RAREST);
}

export interface PeopleColumns {
  /** The column holding the user's id in the searched query (e.g. tu.user_id). */
  userId: string;
  /** The joined users' name and email columns, for the LIKE path. */
  name: string;
  email: string;
}

/** "Search by name or email" (migration 20250102000001_people_search). */
export function searchPeople(columns: PeopleColumns): ListSearch {
  return containsSearch({
    copy: 'user_search',
    copyKey: 'user_id',
    copyColumns: ['name', 'email'],
    key: columns.userId,
    columns: [columns.name, columns.email],
  });
}

/** "Search by name or email" of members, in a query that joins the membership as `tu` and its person as `u`. */
export const searchMemberPeople = searchPeople({ userId: 'tu.user_id', name: 'u.name', email: 'u.email' });
