/** The area cycles of the tree at `cwd` (scripts/area-cycles.cjs): the areas of each and the imports that join them. */
export declare function areaCycles(cwd?: string): Array<{ areas: string[]; imports: string[] }>;
