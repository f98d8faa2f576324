/** Two tracked competitors with their domains, for tests about mentions, ranks and the leaderboard. */
export const RIVALS = [
  { Name: "Rival", Domain: "rival.example" },
  { Name: "Contoso", Domain: "contoso.example" },
];
