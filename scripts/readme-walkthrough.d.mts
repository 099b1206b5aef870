/** The ```sh blocks of a markdown's `## <heading>` section, in order, each as its text. */
export declare function sectionShellBlocks(markdown: string, heading: string): string[];
/** The shell commands of apps/api/README.md's walkthrough section, in order. */
export declare function walkthroughCommands(markdown: string): string;
