export async function benchCasePage(): Promise<void> {}
