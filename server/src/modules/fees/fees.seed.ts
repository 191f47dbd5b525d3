export async function seedFeesDemo() {}
